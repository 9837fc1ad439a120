/** Old address of the page stores, kept while the backend's Redis test imports it from here. */
export * from '../front/page-cache/stores';
