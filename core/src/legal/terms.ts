/**
 * The terms of service in force (docs/product.md section 1: effective 15.1.2025). The
 * server records this version with a user's acceptance, and the terms page
 * says which version and when the user accepted.
 */
export const TERMS_OF_SERVICE_VERSION = '2025-01-15';
