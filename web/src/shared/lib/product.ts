/** The product's name, shown in the logo, page titles and texts. The only place it is written. */
export const PRODUCT_NAME = 'Curator';
