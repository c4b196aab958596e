/** Spec section 9: dialogs leave in 200 ms; a non-dismissable dialog shakes for 300 ms when its backdrop is clicked. */
export const DIALOG_TRANSITION_MS = 200;
export const DIALOG_SHAKE_MS = 300;

/** Default button labels (spec section 9). */
export const DIALOG_LABELS = {
  cancel: 'Annulla',
  confirm: 'Conferma',
  close: 'Chiudi',
  back: 'Indietro',
  next: 'Avanti',
} as const;
