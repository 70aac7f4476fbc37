"""What the site teaches from the engine: questions and their explanations, worked
examples, walkthroughs, the practice dealer, mistakes, skills and the lab's words. May use
every layer below it."""
