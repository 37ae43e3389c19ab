// Types for glicko2 1.2.2 (which ships none): the part of its documented API the ranking
// benchmark uses (README "Usage").
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }

  export class Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
    predict(other: Player): number;
  }

  /** [player, opponent, outcome for player: 1 win, 0 loss, 0.5 draw]. */
  export type Match = [Player, Player, number];

  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: Match[]): void;
    getPlayers(): Player[];
    predict(a: Player, b: Player): number;
  }
}
