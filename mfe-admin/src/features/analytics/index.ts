/** The Analytics Dashboard (/admin/analytics): the join funnel, revenue by promo code, providers per week and the directory's most searched areas and places. */
export { AnalyticsPage } from './components/AnalyticsPage';
