// The signed-in user a request carries (set from its token by the app's auth middleware).
export interface CurrentUser {
  id: number;
  username: string;
  auth: number;
}
