"""What every app of the site shares: locks, and (as the house grows) errors and the audit trail."""
