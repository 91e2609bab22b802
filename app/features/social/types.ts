export type NotificationItem = {
  id: string;
  kind: string;
  text: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};
