import type { ReactNode } from 'react'

/**
 * The frame of the PayFast simulator's pages: marked clearly as a stand-in so nobody mistakes it
 * for the real gateway. Styles: app/styles/payfast.css.
 */
export function SimulatorFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pf-sim" aria-labelledby="pf-sim-title">
      <p className="pf-sim__badge">PayFast simulator · development only, no money moves</p>
      <h1 id="pf-sim-title" className="pf-sim__title">
        {title}
      </h1>
      {children}
    </section>
  )
}

/** The page for a request PayFast would refuse. */
export function SimulatorError({ error }: { error: string }) {
  return (
    <SimulatorFrame title="Payment request refused">
      <p className="pf-sim__error" role="alert">
        {error}
      </p>
      <p>
        PayFast would refuse this request the same way. Check the checkout form and its signature.
      </p>
    </SimulatorFrame>
  )
}
