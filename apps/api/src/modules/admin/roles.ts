// The roles an account may hold (`users.role`). Kept free of imports: the route declarer reads it.

export const ADMIN_ROLE = 'ADMIN';

/** Whether an account may use the admin routes and the admin CLI. */
export const isAdmin = (user: { role: string } | null | undefined): boolean => user?.role === ADMIN_ROLE;
