// Stale: replaced by "Generate registrations".
