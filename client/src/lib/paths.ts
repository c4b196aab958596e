/**
 * The signed-in routes of spec section 2, in one place for the router, the sidebar and the menus. A sector's own
 * pages are not here: their addresses come from its route in shared/sectors.ts (lib/practice-paths.ts).
 */
export const PATHS = {
  home: '/',
  admin: {
    dashboard: '/admin/dashboard',
    users: '/admin/gestione-utenti',
    clients: '/admin/clienti',
    companies: '/admin/gestione-compagnie',
    agencies: '/admin/gestione-agenzie',
    settings: '/admin/impostazioni',
    news: '/admin/notizie',
    payments: '/admin/pagamenti',
    giftcardCategories: '/admin/gift-card/categorie',
    giftcardNational: '/admin/gift-card/nazionali',
    giftcardMunicipal: '/admin/gift-card/comunali',
    documents: '/admin/documenti',
    altriRami: '/admin/altri-rami',
    fideiussioni: '/admin/fideiussioni',
    provinces: '/admin/provincie-citta',
    audit: '/admin/audit',
  },
  clients: '/clienti',
  clientDetail: '/clienti/:id',
  profile: '/profilo',
  myGiftcard: '/profilo/la-mia-giftcard',
  payments: '/pagamenti',
  documents: '/documenti',
  notifications: '/notifiche',
} as const;

/** The page of one client: `/clienti/<id>`. */
export const clientPath = (id: string): string => PATHS.clientDetail.replace(':id', encodeURIComponent(id));
