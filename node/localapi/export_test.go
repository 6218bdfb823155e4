package localapi

// RouteCount is the number of routes in the table, for the tests.
func RouteCount() int { return len(routes) }
