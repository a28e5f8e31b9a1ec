export { MaxmindGeography, type GeographyDatabase } from './maxmind-geography.js';
