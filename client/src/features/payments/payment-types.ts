import type { TPaymentStatus } from '../../../../shared/constants';
import type { TPayments } from '../../../../shared/schemas/data';

/** The three groups of spec section 4, in the order a corner deals with them. */
export const PAYMENT_GROUPS: { status: TPaymentStatus; label: string; totalKey: keyof TPayments['details']; emptyText: string }[] = [
  { status: 'notPaied', label: 'Da pagare', totalKey: 'totalNotPaied', emptyText: 'Non hai pagamenti da fare.' },
  { status: 'pending', label: 'In attesa di conferma', totalKey: 'totalPending', emptyText: 'Nessun pagamento in attesa di conferma.' },
  { status: 'paied', label: 'Pagati', totalKey: 'totalPaied', emptyText: 'Non ci sono ancora pagamenti confermati.' },
];
