/** The catalogue feature's entry: the curator's catalogue, which swaps pick songs from. */
export { useCatalogQuery, useLazyCatalogPageQuery } from './catalogApi';
