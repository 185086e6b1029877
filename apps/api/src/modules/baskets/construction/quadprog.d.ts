/**
 * Types for `quadprog` (npm 1.6.1, a port of R's quadprog: Goldfarb–Idnani's dual method), which ships none.
 * Every array is 1-based as in the Fortran original: index 0 is unused.
 */
declare module 'quadprog' {
  export interface QuadprogResult {
    solution: number[];
    Lagrangian: number[];
    value: number[];
    unconstrained_solution: number[];
    iterations: number[];
    iact: number[];
    /** Empty when solved; otherwise why not (inconsistent constraints, D not positive definite, bad sizes). */
    message: string;
  }
  /** Minimises ½ bᵀDb − dᵀb subject to Aᵀb ≥ b0, the first `meq` constraints as equalities. */
  export function solveQP(
    Dmat: number[][],
    dvec: number[],
    Amat: number[][],
    bvec: number[],
    meq?: number,
    factorized?: number[],
  ): QuadprogResult;
  const quadprog: { solveQP: typeof solveQP };
  export default quadprog;
}
