export function App() {
  return (
    <main>
      <h1>Zonewatch</h1>
    </main>
  );
}
