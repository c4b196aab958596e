/** A notification (spec section 3). */
export type TNotification = {
  id: string;
  createdAt: string;
  read?: boolean;
  data: { title: string; text: string | string[]; link?: string; textLink?: string };
};
