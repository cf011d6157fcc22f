/**
 * The shape another language's catalogue must have: every key of the English one, each text a string.
 * The parity test (catalogue-parity.test.ts) also checks the interpolation variables and names missing keys.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
