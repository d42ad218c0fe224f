/**
 * The age notice of 18+ offers: the member's answer, kept for the visit (sessionStorage), and the
 * pop-up that asks for it.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/dialog";

/** Where the member's answer to the age notice is kept for the visit. */
const AGE_KEY = "mcoin.age";

export type AgeAnswer = "adult" | "minor" | null;

function readAge(): AgeAnswer {
  try {
    const answer = window.sessionStorage.getItem(AGE_KEY);
    return answer === "adult" || answer === "minor" ? answer : null;
  } catch {
    return null;
  }
}

/** The member's answer (null until given, and on the server), to give it, and to ask again. */
export function useAgeAnswer() {
  const [age, setAge] = useState<AgeAnswer>(null);
  useEffect(() => setAge(readAge()), []);
  const answerAge = (answer: "adult" | "minor") => {
    setAge(answer);
    try {
      window.sessionStorage.setItem(AGE_KEY, answer);
    } catch {
      // A private window without storage asks again on the next offer.
    }
  };

  /** Asks again: the age notice comes back. */
  const forgetAge = () => {
    setAge(null);
    try {
      window.sessionStorage.removeItem(AGE_KEY);
    } catch {
      // Nothing was kept.
    }
  };
  return { age, answerAge, forgetAge };
}

export function AgeDialog({ onAnswer }: { onAnswer(answer: "adult" | "minor"): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      role="alertdialog"
      title={t("offer.age.title")}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => onAnswer("minor")}>
            {t("offer.age.under")}
          </button>
          <button type="button" className="button button--primary" onClick={() => onAnswer("adult")}>
            {t("offer.age.over")}
          </button>
        </>
      }
    >
      <p>{t("offer.age.body")}</p>
    </Dialog>
  );
}
