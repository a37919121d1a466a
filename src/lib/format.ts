const rupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  maximumFractionDigits: 0,
});

/** The one money formatter (STYLE rule 8): 20000 -> "Rp 20.000" (with a no-break space). */
export function formatRupiah(amount: number): string {
  return rupiah.format(amount);
}

const decimal2 = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A statistic as Indonesian readers write it: 0.8 -> "0,80". */
export function formatDecimal(value: number): string {
  return decimal2.format(value);
}
