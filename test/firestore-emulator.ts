/**
 * Empties one project's documents on the Firestore emulator, between tests. The emulator now and
 * then answers the clear with a 500 while another test's listener is still closing (seen in a
 * fresh-clone CI run): a 5xx is tried again, up to three times, a moment apart; anything else
 * fails the test at once with the emulator's own words.
 */
export async function clearEmulatorProject(emulator: string, projectId: string): Promise<void> {
  const url = `http://${emulator}/emulator/v1/projects/${projectId}/databases/(default)/documents`
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: 'DELETE', signal: AbortSignal.timeout(10_000) })
    if (response.ok) return
    const text = await response.text()
    if (response.status < 500 || attempt === 3) {
      throw new Error(`Clearing the emulator failed: ${response.status} ${text}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
  }
}
