// For tests only (any package's): MaxMind DB files made on the spot, never downloaded.
export { encodeValue, mmdbFile, type MmdbNetwork, type MmdbOptions, type MmdbValue } from './mmdb-file.js';
export { countryDatabase, TEST_GEOGRAPHY, TEST_GEOGRAPHY_BUILT, writeGeographyDatabase, type CountryNetwork } from './test-geography.js';
