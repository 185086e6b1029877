export default function KycScreen() { return null; }
