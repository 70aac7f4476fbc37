"""The crawl of every URL (scripts/crawl.py): the site's answers written to files, so two
checkouts can be compared request by request (docs/testing.md)."""
