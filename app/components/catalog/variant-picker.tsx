import type { CSSProperties } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { isColourOption, swatchOf } from '~/lib/catalog/colours'
import type { OptionChoices } from '~/lib/catalog/variants'

const NOTES = { available: '', 'sold-out': 'sold out', unsold: 'not sold' } as const

/**
 * One radio group per option, each a `<fieldset>` whose `<legend>` names the option. Values that
 * would make a sold-out or unsold combination with the other picks say so in their label. A colour
 * the shop's colour table knows is a swatch: a chip of the colour beside its name (the chip is
 * decoration; the name labels the radio); any other value is a text pill. Without
 * JS the groups sit in a GET form: "Show this option" reloads the page, which answers with
 * `?variant=ID`. With JS a pick calls `onPick` at once and the button is gone.
 */
export function VariantPicker({
  action,
  choices,
  onPick,
}: {
  /** The product page's path: the no-JS form reloads it. */
  action: string
  choices: readonly OptionChoices[]
  onPick: (optionIndex: number, value: string) => void
}) {
  const hydrated = useHydrated()
  return (
    <form
      method="get"
      action={action}
      className="variant-picker"
      aria-label="Product options"
      onSubmit={(event) => event.preventDefault()}
    >
      {choices.map((choice, i) => (
        <fieldset key={choice.name} className="variant-picker__option">
          <legend>{choice.name}</legend>
          <div className="variant-picker__values">
            {choice.values.map((value) => {
              const swatch = isColourOption(choice.name) ? swatchOf(value.value) : null
              return (
                <label
                  key={value.value}
                  className={`variant-choice variant-choice--${value.state}${swatch ? ' variant-choice--swatch' : ''}`}
                >
                  <input
                    type="radio"
                    className="variant-choice__radio"
                    name={choice.param}
                    value={value.value}
                    checked={value.selected}
                    onChange={() => onPick(i, value.value)}
                  />
                  {swatch ? (
                    <span
                      className="variant-choice__swatch"
                      aria-hidden="true"
                      style={
                        { '--swatch': swatch.main, '--swatch-2': swatch.second } as CSSProperties
                      }
                    />
                  ) : null}
                  <span className="variant-choice__value">{value.value}</span>
                  {value.state !== 'available' ? ` (${NOTES[value.state]})` : null}
                </label>
              )
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <button type="submit" className="button button--secondary">
          Show this option
        </button>
      )}
    </form>
  )
}
