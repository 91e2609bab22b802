/** Account limits (PRODUCT.md §1.5), free of zod so forms can show them without shipping the validator. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const PRONOUNS_MAX = 30;
export const LINKS_MAX = 5;
export const MINIMUM_AGE = 13;
export const ADULT_AGE = 18;
