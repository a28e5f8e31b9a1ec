// Filled in by its own issue; see docs/decisions.md.
export {};
