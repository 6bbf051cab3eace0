import { z } from "zod";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";

/**
 * A row's id in a request (`/hotels/{hotelId}`, `?hotelId=`): a positive whole number our database
 * can hold, anything else refused with "<name> must be a number" before a query is made.
 */
export const databaseId = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a number`)
    .positive(`${name} must be a number`)
    .max(MAX_DATABASE_ID, `${name} must be a number`);
