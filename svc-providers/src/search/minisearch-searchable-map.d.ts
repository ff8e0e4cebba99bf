// minisearch publishes its radix tree as the subpath `minisearch/SearchableMap` (package exports), which
// this project's `moduleResolution: node` does not read; Node's require does. Its own types, by their path:
declare module 'minisearch/SearchableMap' {
  import SearchableMap from 'minisearch/dist/es/SearchableMap';
  export default SearchableMap;
}
