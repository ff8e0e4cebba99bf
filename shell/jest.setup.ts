// jsdom does not implement scrolling; the layout scrolls to the top on navigation.
window.scrollTo = () => undefined;
