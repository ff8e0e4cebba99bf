// Async boundary: lets Module Federation negotiate shared singletons before any app code runs.
void import('./bootstrap');
