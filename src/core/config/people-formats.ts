import { PERSON_ID } from '../people/person.js';
import { type Field, field, shown } from './fields.js';

/** A person's id, as the people file spells it. */
export const personId = (): Field<string> =>
  field((t) =>
    PERSON_ID.test(t)
      ? { value: t }
      : {
          problem: `expected a person's id from the people file (1 to 32 of a-z, 0-9, _ and -), got ${shown(t)}`,
        },
  );
