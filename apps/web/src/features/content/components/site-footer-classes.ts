/** Footer class names, shared by the React footer and the static-page script (styles in site-footer.css). */
export const footerClass = {
  footer: 'sf-footer',
  grid: 'sf-grid',
  heading: 'sf-heading',
  list: 'sf-list',
  link: 'sf-link',
  social: 'sf-social',
  socialLink: 'sf-social-link',
  bottom: 'sf-bottom',
  payments: 'sf-payments',
  payment: 'sf-payment',
  description: 'sf-description',
  newTab: 'sf-new-tab',
} as const;
