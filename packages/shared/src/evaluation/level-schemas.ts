import { z } from 'zod';
import { ATTRIBUTE_LEVELS, OPERATORS, VALUE_TYPES } from './level-rules';

/** The level rules' words as schemas, apart from the rules: the browser's first page holds no zod (decision 040). */
export const attributeLevelSchema = z.enum(ATTRIBUTE_LEVELS, { error: 'Ugyldig nivå' });
export const operatorSchema = z.enum(OPERATORS, { error: 'Ugyldig operator' });
export const valueTypeSchema = z.enum(VALUE_TYPES, { error: 'Ugyldig type' });
