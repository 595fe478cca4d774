project = "Course"
root_doc = "week3"
html_favicon = None
