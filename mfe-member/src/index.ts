// Async boundary so shared singletons are negotiated before app code runs.
void import('./bootstrap');
