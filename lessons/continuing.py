"""How far a learner has got through the course: every module's lessons with their
progress (the /lessons/ page) and the lesson to take next (the home page's "continue")."""

from lessons.state import course, lesson_url, untranslated
from progress.learner import SESSION_KEY, Learner


def progress(done, total):
    return {"done": done, "total": total, "percent": round(100 * done / total) if total else 0}


def has_started(request):
    """Whether this visitor has any progress to read. Asking Learner would start a session
    for every first-time visitor of the home page, so an anonymous one without learner data
    in their session is answered here."""
    return request.user.is_authenticated or SESSION_KEY in request.session


def course_progress(request):
    """Every module with its lessons and how far this learner has got."""
    found = course()
    learner = Learner(request) if has_started(request) else None
    completed = learner.completed_lessons() if learner else set()
    modules = []
    for module in found.modules:
        lessons = [
            {"lesson": lesson, "url": lesson_url(lesson), "complete": lesson.key in completed}
            for lesson in module.lessons
        ]
        done = sum(entry["complete"] for entry in lessons)
        modules.append({"module": module, "lessons": lessons, **progress(done, len(lessons))})
    done = sum(m["done"] for m in modules)
    last = found.by_key(learner.last_lesson()) if learner else None
    return {
        "modules": modules,
        "overall": progress(done, len(found.lessons)),
        "course_duration": found.duration,
        # On a Chinese page, the lessons shown in English for want of a translation.
        "untranslated_count": sum(untranslated(lesson) for lesson in found.lessons),
        "last_lesson": last,
        "last_lesson_url": lesson_url(last) if last else None,
        "last_complete": bool(last and last.key in completed),
    }


def next_unfinished(lessons, completed, last):
    """The lesson to take next: the last one opened while it is unfinished, else the first
    unfinished one after it in the course, else the first unfinished one; None when every
    lesson is complete."""
    if last is not None and last.key not in completed:
        return last
    keys = [lesson.key for lesson in lessons]
    start = keys.index(last.key) + 1 if last is not None else 0
    order = [*lessons[start:], *lessons[:start]]
    return next((lesson for lesson in order if lesson.key not in completed), None)


def continue_context(request):
    """For the home page: the next unfinished lesson and overall progress. Empty when the
    learner has not opened a lesson yet."""
    if not has_started(request):
        return {}
    state = course_progress(request)
    last = state["last_lesson"]
    if last is None:
        return {}
    found = course()
    completed = {
        entry["lesson"].key for module in state["modules"] for entry in module["lessons"]
        if entry["complete"]
    }  # fmt: skip
    lesson = next_unfinished(found.lessons, completed, last)
    module = found.module(lesson.module) if lesson else None
    return {
        "continue_lesson": lesson,
        "continue_url": lesson_url(lesson) if lesson else None,
        "continue_module": module,
        "continue_started": lesson is not None and lesson.key == last.key,
        "course_overall": state["overall"],
    }
