/** Orders Management (the admin area's /admin/orders): every payment, found by member or promo code, and a paid one refunded. */
export { OrdersPage } from './components/OrdersPage';
