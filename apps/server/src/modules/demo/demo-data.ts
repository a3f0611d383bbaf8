import type { Role } from '@vaskedrift/shared';

/**
 * The demo's simulator: fixed seed, so its credentials are the same at every start; its bays count washes
 * (issue 26: the washes statistics have numbers from the first start).
 */
export const DEMO_SIMULATOR = {
  locationCount: 6,
  baysPerLocation: 4,
  seed: 2026,
  washCounter: true,
} as const;

/** Street addresses for the simulator's first towns (its facilities are named after them, in this order). */
export const DEMO_ADDRESSES: Record<string, { address: string; postalCode: string }> = {
  Oslo: { address: 'Storgata 12', postalCode: '0155' },
  Bergen: { address: 'Kong Oscars gate 22', postalCode: '5017' },
  Trondheim: { address: 'Kongens gate 20', postalCode: '7011' },
  Stavanger: { address: 'Lagårdsveien 44', postalCode: '4010' },
  Tromsø: { address: 'Storgata 80', postalCode: '9008' },
  Drammen: { address: 'Bragernes torg 2', postalCode: '3017' },
};

export type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Facilities (by index) granted to an operator or user; admins see all. */
  locations: number[];
};

/** One user of each role below superadmin (the superadmin comes from ensureSuperadmin). */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'driftsleder@demo.vaskedrift.no',
    firstName: 'Dina',
    lastName: 'Driftsleder',
    role: 'admin',
    locations: [],
  },
  {
    email: 'tekniker@demo.vaskedrift.no',
    firstName: 'Tore',
    lastName: 'Tekniker',
    role: 'operator',
    locations: [0, 1, 2],
  },
  {
    email: 'bruker@demo.vaskedrift.no',
    firstName: 'Berit',
    lastName: 'Bruker',
    role: 'user',
    locations: [0, 3],
  },
];
