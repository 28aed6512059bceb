// The balloons module's entry: its reply shapes; the rest of it is used only through its route
// table (balloons-routes.ts, listed in http/routes.ts).
export { balloon, type Balloon, balloonList, type BalloonList } from './wire.ts';
