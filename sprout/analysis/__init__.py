"""Tools that read any checkpoint from the inside: attention weights (the lens), head scores,
held-out evaluation, head removal, composition between heads and copying (circuits.py,
copying.py, circuit_report.py), and the records the widgets draw. Nothing here knows this
chapter's stories or claims (import-linter checks it: `make lint`)."""
