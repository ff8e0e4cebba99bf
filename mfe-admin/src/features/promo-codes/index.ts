/** Promo Codes Management (/admin/promo-codes): the codes and the form that creates one. */
export { PromoCodesPage } from './components/PromoCodesPage';
