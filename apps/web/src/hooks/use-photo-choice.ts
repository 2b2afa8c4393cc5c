import { useEffect, useMemo, useRef, useState } from 'react';
import { imageFileProblem, imageTypeProblem } from '@consorcio/domain';
import { preparePhoto } from '../lib/photo';

/**
 * The picture a form will upload: the chosen file, scaled down first when it is bigger than the
 * server keeps (see preparePhoto), with a preview URL. `refuse` is called with the problem's title
 * (wrong type, or still too big) and the choice is dropped; `reject` does the same for a file the
 * server refused. A later choice wins over an earlier one still being prepared.
 */
export function usePhotoChoice(refuse: (title: string) => Promise<void> | void) {
  const [image, setImage] = useState<File | null>(null);
  const [preparing, setPreparing] = useState(false);
  const latest = useRef(0);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const turn = ++latest.current;
    // A first look by type; the server judges the content again.
    const problem = imageTypeProblem(file);
    if (problem) {
      // An earlier choice still being prepared is dropped with it.
      setPreparing(false);
      setImage(null);
      await refuse(problem);
      return;
    }
    setPreparing(true);
    const ready = await preparePhoto(file);
    if (turn !== latest.current) return;
    setPreparing(false);
    const tooBig = imageFileProblem(ready);
    if (tooBig) {
      setImage(null);
      await refuse(tooBig);
      return;
    }
    setImage(ready);
  };

  const clear = () => {
    latest.current++;
    setPreparing(false);
    setImage(null);
  };

  /** Drops the choice and says why: for a file the server refused after all. */
  const reject = async (title: string) => {
    clear();
    await refuse(title);
  };

  return { image, preview, preparing, choose, clear, reject };
}
