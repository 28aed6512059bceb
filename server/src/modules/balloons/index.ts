// The balloons module's entry: nothing of it is used outside it but its route table
// (balloons-routes.ts, listed in http/routes.ts).
export {};
