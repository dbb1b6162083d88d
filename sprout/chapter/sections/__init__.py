"""The chapter's sections, one module each, named for its prefix in stats.json; sprout.chapter.contents
lists them in page order and says how to add one."""
