/** An amount as the gallery writes it: the rupee sign, then the figure in Indian grouping ("₹ 4,85,32,500.00"). */
import { groupIndian } from '../../lib/format';

export function inRupees(amount: string | number): string {
  return `₹ ${groupIndian(amount)}`;
}
