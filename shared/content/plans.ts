// The three shared-hosting plans. Prices are USD; a yearly term costs ten
// months, so two months are free.
import type { PlanId } from '../links.js';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  monthlyPrice: number;
  yearlyPrice: number;
  storage: string;
  bandwidth: string;
  performance: string;
  accelerator: string;
  recommended?: boolean;
}

export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For a personal site, a portfolio or a small business getting online.',
    monthlyPrice: 12,
    yearlyPrice: 120,
    storage: '15GB NVMe storage',
    bandwidth: '100GB bandwidth',
    performance: 'Basic RAM and CPU',
    accelerator: 'AccelerateWP Basic',
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For growing businesses and busy WordPress or WooCommerce sites.',
    monthlyPrice: 18,
    yearlyPrice: 180,
    storage: '25GB NVMe storage',
    bandwidth: 'Unlimited bandwidth',
    performance: 'Optimized RAM and CPU (2x)',
    accelerator: 'AccelerateWP Basic',
    recommended: true,
  },
  {
    id: 'max',
    name: 'Max',
    description: 'For high-traffic stores, agencies and sites that need the most power.',
    monthlyPrice: 24,
    yearlyPrice: 240,
    storage: '50GB NVMe storage',
    bandwidth: 'Unlimited bandwidth',
    performance: 'Turbo RAM and CPU (3x)',
    accelerator: 'AccelerateWP Premium',
  },
];

export const lowestMonthlyPrice = Math.min(...plans.map((plan) => plan.monthlyPrice));
