// The composition root arrives with the JSON v3 API issue; see README.md.
export {};
