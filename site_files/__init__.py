"""What the artifact build and the site build share, below both: the format of the artifacts'
manifest and the rule that no file of the site names another host (with the Plotly bundle made to
keep it). Neither build imports the other; both import this."""
