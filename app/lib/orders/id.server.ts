import { randomInt } from 'node:crypto'

import { ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from './id'

/** A new order id: ORDER_ID_LENGTH characters drawn uniformly with the CSPRNG. */
export function newOrderId(): string {
  let id = ''
  for (let i = 0; i < ORDER_ID_LENGTH; i++)
    id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)]
  return id
}
