export type NotificationItem = {
  id: string;
  kind: string;
  text: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

/** A reader /home suggests following, with why (in Portuguese). */
export type ReaderSuggestion = { id: string; username: string; name: string; image: string | null; reason: string };
